export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Parameters, body fields or headers, one line each. */
  fields?: string[];
  returns?: string;
  /** Builds the example (curl or fetch) from the API base URL and the site origin. */
  example?: (base: string, origin: string) => string;
}

export interface EndpointSection {
  id: string;
  title: string;
  description: string;
  /** A whole sequence of calls as one shell script (run by a test against the server). */
  walkthrough?: { title: string; script: (base: string, origin: string) => string };
  endpoints: Endpoint[];
}
