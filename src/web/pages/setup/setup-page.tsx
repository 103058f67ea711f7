import { ClipboardList } from 'lucide-react';
import { SetupForm } from '../../features/setup/components/setup-form';

export function SetupPage() {
  return (
    <div className="min-h-screen bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]">
      <main className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
        <header className="mb-8 flex flex-col items-center gap-4 text-center">
          <span className="grid size-14 place-items-center rounded-2xl bg-gradient-to-br from-indigo-400 to-purple-500 text-white shadow-lg">
            <ClipboardList aria-hidden className="size-7" />
          </span>
          <div className="space-y-2">
            <h1 className="text-3xl font-bold tracking-tight">Welcome! Let's set up your site</h1>
            <p className="text-muted-foreground">
              A few details and your paste-sharing service is ready. This page is shown only once.
            </p>
          </div>
        </header>
        <SetupForm />
      </main>
    </div>
  );
}
