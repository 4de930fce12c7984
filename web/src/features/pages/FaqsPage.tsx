import { ComingSoon } from '../../components/ComingSoon';

export default function FaqsPage() {
  return <ComingSoon title="FAQs" />;
}
