import { ComingSoon } from '../../components/ComingSoon';

export default function ProductListPage() {
  return <ComingSoon title="Products" />;
}
