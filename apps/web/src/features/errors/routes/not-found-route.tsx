import { NotFoundContent } from '../../../components/error-content';

export function NotFoundRoute() {
  return <NotFoundContent />;
}
