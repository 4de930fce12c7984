import { ComingSoon } from '../../components/ComingSoon';

export default function AdminDraftsPage() {
  return <ComingSoon title="Drafted products" />;
}
