import { ComingSoon } from '../../components/ComingSoon';

export default function AdminProductsPage() {
  return <ComingSoon title="Products" />;
}
