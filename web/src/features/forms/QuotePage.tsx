import { ComingSoon } from '../../components/ComingSoon';

export default function QuotePage() {
  return <ComingSoon title="Custom Printing" />;
}
