import { ComingSoon } from '../../components/ComingSoon';

export default function SupportPage() {
  return <ComingSoon title="Support" />;
}
