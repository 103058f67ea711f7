import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { PublicUser } from '../../../common/schemas/user';
import { Button } from '../../components/ui/button';

const loadPanel = () => import('./side-drawer-panel');
const SideDrawerPanel = lazy(() => loadPanel().then((m) => ({ default: m.SideDrawerPanel })));

/**
 * The menu button of small screens. The panel (and the dialog code under it) is fetched when the
 * button is first pointed at or pressed, so the first load of every page stays light.
 */
export function SideDrawer({ user }: { user: PublicUser | null }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        // The panel needs the app: hidden from a page read without scripts (a paste's first HTML).
        className="md:hidden noscript:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <SideDrawerPanel user={user} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
