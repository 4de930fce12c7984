import { ComingSoon } from '../../components/ComingSoon';

export default function OrderConfirmationPage() {
  return <ComingSoon title="Thank you" />;
}
