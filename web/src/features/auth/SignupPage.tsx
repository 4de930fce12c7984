import { ComingSoon } from '../../components/ComingSoon';

export default function SignupPage() {
  return <ComingSoon title="Create Account" />;
}
