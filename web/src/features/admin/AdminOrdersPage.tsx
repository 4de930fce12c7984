import { ComingSoon } from '../../components/ComingSoon';

export default function AdminOrdersPage() {
  return <ComingSoon title="Pending orders" />;
}
