import { RefreshCw, ServerCrash } from 'lucide-react';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSetupStatus } from '../api/get-setup-status';

interface SetupGateState {
  /** Set by the wizard once setup succeeded, so it may show its success message before it leaves. */
  finishing: boolean;
  setFinishing: (value: boolean) => void;
}

const SetupGateContext = createContext<SetupGateState>({ finishing: false, setFinishing: () => {} });

export function useSetupGate(): SetupGateState {
  return useContext(SetupGateContext);
}

/** Spec §2: every path leads to /setup until setup is complete; afterwards /setup leads home. */
export function SetupGate({ children }: { children: ReactNode }) {
  const status = useSetupStatus();
  const { pathname } = useLocation();
  const [finishing, setFinishing] = useState(false);
  const value = useMemo(() => ({ finishing, setFinishing }), [finishing]);

  if (status.isPending) return <LoadingBlock label="Loading..." />;
  if (status.isError) {
    return (
      <div className="mx-auto flex min-h-[70vh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
        <ServerCrash aria-hidden className="size-10 text-destructive" />
        <h1 className="text-xl font-semibold">Cannot reach the server</h1>
        <p className="text-sm text-muted-foreground">
          {errorMessage(status.error, 'The server did not answer.')}
        </p>
        <Button variant="outline" onClick={() => status.refetch()} disabled={status.isFetching}>
          <RefreshCw aria-hidden />
          Try again
        </Button>
      </div>
    );
  }

  const onSetupPage = pathname === paths.setup;
  if (!status.data.setupCompleted && !onSetupPage) return <Navigate to={paths.setup} replace />;
  if (status.data.setupCompleted && onSetupPage && !finishing) return <Navigate to={paths.home} replace />;
  return <SetupGateContext.Provider value={value}>{children}</SetupGateContext.Provider>;
}
