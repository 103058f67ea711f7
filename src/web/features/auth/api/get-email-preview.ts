import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailTemplateKind, RenderedEmail } from '../../../../common/schemas/account';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A mail template as configured now, filled with sample values (HTML to show in a sandboxed frame). */
export function getEmailPreview(template: EmailTemplateKind, signal?: AbortSignal): Promise<RenderedEmail> {
  return api.get<RenderedEmail>(`/api/email-templates/preview?template=${template}`, signal);
}

export function emailPreviewQueryOptions(template: EmailTemplateKind) {
  return queryOptions({
    queryKey: queryKeys.emailPreview(template),
    queryFn: ({ signal }) => getEmailPreview(template, signal),
  });
}

export function useEmailPreview(template: EmailTemplateKind) {
  return useQuery(emailPreviewQueryOptions(template));
}
