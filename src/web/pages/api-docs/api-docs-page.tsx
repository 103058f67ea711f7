import { Braces, CodeXml, KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../../components/layouts/page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CodeBlock } from '../../components/ui/code-block';
import { paths } from '../../config/paths';
import { useUser } from '../../features/auth/api/get-user';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import type { EndpointSection } from './endpoint';
import { EndpointCard } from './endpoint-card';
import { memberSections } from './member-endpoints';
import { publicSection } from './public-endpoints';
import { secondFactorSection, signInSection } from './sign-in-endpoints';
import { WITHOUT_API_KEYS_TEXT } from './without-api-keys';

function Section({ section, base, origin }: { section: EndpointSection; base: string; origin: string }) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24 space-y-4">
      <div className="space-y-1">
        <h2 id={`${section.id}-heading`} className="text-xl font-semibold tracking-tight">
          {section.title}
        </h2>
        <p className="text-sm text-muted-foreground">{section.description}</p>
      </div>
      {section.walkthrough ? (
        <div className="space-y-2">
          <h3 className="text-sm font-medium">{section.walkthrough.title}</h3>
          <CodeBlock code={section.walkthrough.script(base, origin)} label={section.walkthrough.title} />
        </div>
      ) : null}
      <div className="space-y-4">
        {section.endpoints.map((endpoint) => (
          <EndpointCard
            key={`${endpoint.method} ${endpoint.path}`}
            endpoint={endpoint}
            base={base}
            origin={origin}
          />
        ))}
      </div>
    </section>
  );
}

export function ApiDocsPage() {
  const origin = window.location.origin;
  const base = `${origin}/api`;
  const { data: user } = useUser();
  const { data: settings } = usePublicSettings();
  const showMemberSections = Boolean(user && settings?.enableApiKeys);
  const sections = [
    publicSection,
    signInSection,
    secondFactorSection,
    ...(showMemberSections ? memberSections : []),
  ];

  return (
    <Page
      icon={CodeXml}
      title="API Documentation"
      description="Create and read pastes from your scripts, editors and CI pipelines."
      actions={
        <Button asChild variant="outline">
          <a href="/api/openapi.json">
            <Braces aria-hidden />
            OpenAPI (JSON)
          </a>
        </Button>
      }
    >
      <div className="space-y-10">
        <Card>
          <CardHeader>
            <CardTitle>Base URL</CardTitle>
            <CardDescription>
              All endpoints are relative to this URL. Requests and responses are JSON; errors look like{' '}
              <code className="font-mono text-xs">
                {'{ "error": "CODE", "message": "...", "requestId": "..." }'}
              </code>{' '}
              (quote the requestId when you report a problem).
            </CardDescription>
          </CardHeader>
          <CardContent>
            <CodeBlock code={base} label="base URL" />
          </CardContent>
        </Card>

        <nav aria-label="Sections" className="flex flex-wrap gap-2">
          {sections.map((section) => (
            <a
              key={section.id}
              href={`#${section.id}`}
              className="rounded-full border border-border px-3 py-1 text-sm text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
            >
              {section.title}
            </a>
          ))}
        </nav>

        {sections.map((section) => (
          <Section key={section.id} section={section} base={base} origin={origin} />
        ))}

        {showMemberSections ? null : (
          <Alert variant="info" title="More endpoints for members">
            {user ? (
              WITHOUT_API_KEYS_TEXT
            ) : (
              <>
                <Link to={paths.login} className="font-medium text-primary hover:underline">
                  Log in
                </Link>{' '}
                to see the API-key, chunked upload, session and VIP endpoints.
              </>
            )}
          </Alert>
        )}

        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <KeyRound aria-hidden className="size-4" />
          The machine-readable description of every endpoint is at{' '}
          <a href="/api/openapi.json" className="font-mono text-primary hover:underline">
            /api/openapi.json
          </a>
          .
        </p>
      </div>
    </Page>
  );
}
