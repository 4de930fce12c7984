import { ComingSoon } from '../../components/ComingSoon';

export default function AdminPortal() {
  return <ComingSoon title="Admin" />;
}
