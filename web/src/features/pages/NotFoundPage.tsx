import { NotFound } from '../../components/NotFound';

/** Unknown routes. */
export default function NotFoundPage() {
  return <NotFound />;
}
