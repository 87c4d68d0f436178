import { ForbiddenContent } from '../../../components/error-content';

export function ForbiddenRoute() {
  return <ForbiddenContent />;
}
