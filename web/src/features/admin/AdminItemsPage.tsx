import { ComingSoon } from '../../components/ComingSoon';

export default function AdminItemsPage() {
  return <ComingSoon title="Stock items" />;
}
