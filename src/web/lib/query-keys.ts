/**
 * Every query key the web app uses, in one place. Keys are the API paths they cache, so a
 * mutation elsewhere (login, logout, setup) can refresh a list that belongs to another feature.
 */
export const queryKeys = {
  setupStatus: ['/api/setup/status'],
  databaseTest: ['/api/setup/test-database'],
  publicSettings: ['/api/settings/public'],
  user: ['/api/user'],
  myPastes: ['/api/my-pastes'],
  adminUsers: ['/api/admin/users'],
} as const;
