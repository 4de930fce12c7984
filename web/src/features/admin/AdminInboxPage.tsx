import { ComingSoon } from '../../components/ComingSoon';

export default function AdminInboxPage() {
  return <ComingSoon title="Inbox" />;
}
