import { Link } from 'react-router-dom';
import { StaticPage } from './StaticPage';

export default function PrivacyPage() {
  return (
    <StaticPage title="Privacy Policy">
      <h2>What we keep</h2>
      <p>
        Your email address and password (held by our sign-in provider), your saved shipping profiles, your cart, your
        orders and your product ratings. Card details go straight to our payment provider; we never see or store them.
      </p>
      <h2>What we use it for</h2>
      <p>To ship your orders, send your order confirmations, and answer your messages. We do not sell your data.</p>
      <h2>Deleting your profile</h2>
      <p>
        Deleting a profile requires an administrator: write to us through the <Link to="/support">support form</Link>{' '}
        and we will remove your account and its data.
      </p>
    </StaticPage>
  );
}
