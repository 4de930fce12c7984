import { ComingSoon } from '../../components/ComingSoon';

export default function ProductPage() {
  return <ComingSoon title="Product" />;
}
