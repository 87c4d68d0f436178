import { Outlet } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { SwrProvider } from '../../lib/swr';
import { useFocusRescue } from './use-focus-rescue';

/** Public screens (sign-in and friends): no header, a centred column. */
export function PublicLayout() {
  useFocusRescue();
  return (
    <main id="main" className="flex min-h-screen flex-col items-center px-4 py-10">
      <Logo label="Skillroom" height={40} className="mb-8" />
      <div className="w-full max-w-md">
        <SwrProvider>
          <Outlet />
        </SwrProvider>
      </div>
    </main>
  );
}
