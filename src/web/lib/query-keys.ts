/**
 * Every query key the web app uses, in one place. Keys are the API paths they cache, so a
 * mutation elsewhere (login, logout, setup) can refresh a list that belongs to another feature.
 */
export const queryKeys = {
  setupStatus: ['/api/setup/status'],
  databaseTest: ['/api/setup/test-database'],
  publicSettings: ['/api/settings/public'],
  user: ['/api/user'],
  /** Prefix of every page and search of the signed-in user's pastes. */
  myPastes: ['/api/my-pastes'],
  myPastesPage: (page: number, search: string, tag = '') => ['/api/my-pastes', page, search, tag] as const,
  userSettings: ['/api/settings/user'],
  apiKeyStatus: ['/api/user/api-key'],
  accessTokens: ['/api/account/tokens'],
  emailPreview: (template: string) => ['/api/email-templates/preview', template] as const,
  adminUsers: ['/api/admin/users'],
  /** The list of all pastes (admin); one paste is `paste(id)`, a key of its own. */
  pastes: ['/api/pastes'],
  paste: (id: string) => [`/api/pastes/${id}`] as const,
  revisions: (id: string) => [`/api/pastes/${id}/revisions`] as const,
  revision: (id: string, n: number) => [`/api/pastes/${id}/revisions`, n] as const,
  pasteSearch: (id: string, q: string) => [`/api/pastes/${id}/search`, q] as const,
  adminPasteReports: ['/api/admin/paste-reports'],
  adminDeleteRequests: ['/api/admin/delete-requests'],
  adminSettings: ['/api/settings'],
  adminLicensesAll: ['/api/admin/vip-licenses'],
  adminLicenses: (page: number) => ['/api/admin/vip-licenses', page] as const,
  adminUserPastes: (id: number, page: number) => ['/api/admin/users', id, 'pastes', page] as const,
  adminPastes: (search: string, sort: string, privacy: string) =>
    ['/api/pastes', search, sort, privacy] as const,
  adminStats: ['/api/admin/stats'],
  /** Admin → Safety: the rules, the Held queue, the numbers. */
  safetyRules: ['/api/admin/safety/rules'],
  safetyHeld: ['/api/admin/safety/held'],
  safetyStats: ['/api/admin/safety/stats'],
  accountNotices: ['/api/account/notices'],
  /** Admin → Bans. */
  adminBans: ['/api/admin/bans'],
  /** What "delete everything by this author" would delete, from a report card. */
  reportAuthor: (reportId: number) => ['/api/admin/paste-reports', reportId, 'author'] as const,
  adminBackups: ['/api/admin/backups'],
  adminAudit: (query: string) => ['/api/admin/audit', query] as const,
  /** Sign-in providers: the public list, this account's links, the admin's settings. */
  authProviders: ['/api/auth/providers'],
  userIdentities: ['/api/user/identities'],
  adminIdentity: ['/api/admin/identity'],
  secondFactor: ['/api/account/second-factor'],
  passkeys: ['/api/account/passkeys'],
  accountSessions: ['/api/account/sessions'],
  topViews: ['/api/top-views'],
  /** Prefix of every page of my collections; one collection is `collection(id)`. */
  collections: ['/api/collections'],
  collectionsPage: (page: number) => ['/api/collections', page] as const,
  collection: (id: string) => ['/api/collections', 'one', id] as const,
  /** Prefix of the boards of every period. */
  topViewsPeriods: ['/api/top-views-v2'],
  topViewsByPeriod: (period: string) => ['/api/top-views-v2', period] as const,
  topUsers: (limit: number) => ['/api/top-users', limit] as const,
  /** The signed-in person's teams; one team is `team(slug)`. */
  teams: ['/api/teams'],
  team: (slug: string) => ['/api/teams', slug] as const,
  adminTeams: ['/api/admin/teams'],
  sharedWithMe: (page: number) => ['/api/shared-with-me', page] as const,
  pasteShares: (id: string) => [`/api/pastes/${id}/shares`] as const,
  pasteShareHistory: (id: string) => [`/api/pastes/${id}/share-history`] as const,
  /** Prefix of every search (a write makes them all out of date). */
  searches: ['/api/search'],
  /** One search (its query string), all its pages. */
  search: (query: string) => ['/api/search', query] as const,
} as const;
