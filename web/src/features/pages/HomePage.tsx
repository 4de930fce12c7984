import { ComingSoon } from '../../components/ComingSoon';

export default function HomePage() {
  return <ComingSoon title="Home" />;
}
