import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Attribute, Change, Client } from 'ldapts';
import { freePort } from './ports.js';
import { tempDir } from './test-db.js';
import { waitForService } from './wait-for-service.js';

const run = promisify(execFile);

/** The directory's suffix, its admin (rootDN) and the search account the server binds as. */
export const BASE_DN = 'dc=example,dc=org';
const ROOT_DN = `cn=admin,${BASE_DN}`;
const ROOT_PW = 'directory-admin-pw';
export const READER_DN = `cn=reader,${BASE_DN}`;
export const READER_PW = 'reader-pw';
const people = (uid: string) => `uid=${uid},ou=people,${BASE_DN}`;
const group = (cn: string) => `cn=${cn},ou=groups,${BASE_DN}`;

export interface DirectoryUser {
  uid: string;
  password: string;
  mail?: string;
}

export interface TestDirectory {
  /** ldap:// (StartTLS) and ldaps:// URLs of the same directory. */
  url: string;
  ldapsUrl: string;
  caFile: string;
  caCert: string;
  /** An LDAP_PROVIDERS entry for this directory. */
  envEntry(id: string, extra?: Record<string, unknown>): Record<string, unknown>;
  /** Sets a group's members (by uid); the memberof overlay updates each user's memberOf. */
  setGroup(cn: string, uids: string[]): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const SLAPD = '/usr/sbin/slapd';

async function makeCertificates(dir: string): Promise<void> {
  const at = (f: string) => path.join(dir, f);
  const subject = (cn: string) => ['-subj', `/CN=${cn}`];
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.crt'),
    ...subject('pasteshare test CA'),
  ]);
  await run('openssl', [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    at('server.key'),
    '-out',
    at('server.csr'),
    ...subject('127.0.0.1'),
  ]);
  fs.writeFileSync(at('ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await run('openssl', [
    'x509',
    '-req',
    '-days',
    '2',
    '-in',
    at('server.csr'),
    '-CA',
    at('ca.crt'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-out',
    at('server.crt'),
    '-extfile',
    at('ext.cnf'),
  ]);
}

/**
 * cn=config: the mdb backend and the memberof overlay as modules, the schemas, TLS, and ACLs. The
 * database answers only over TLS (olcSecurity), so a client that skipped StartTLS is refused.
 */
function configLdif(dir: string): string {
  return `dn: cn=config
objectClass: olcGlobal
cn: config
olcPidFile: ${dir}/slapd.pid
olcTLSCACertificateFile: ${dir}/ca.crt
olcTLSCertificateFile: ${dir}/server.crt
olcTLSCertificateKeyFile: ${dir}/server.key

dn: cn=module{0},cn=config
objectClass: olcModuleList
cn: module{0}
olcModulePath: /usr/lib/ldap
olcModuleLoad: back_mdb
olcModuleLoad: memberof

dn: cn=schema,cn=config
objectClass: olcSchemaConfig
cn: schema

include: file:///etc/ldap/schema/core.ldif
include: file:///etc/ldap/schema/cosine.ldif
include: file:///etc/ldap/schema/inetorgperson.ldif

dn: olcDatabase={-1}frontend,cn=config
objectClass: olcDatabaseConfig
objectClass: olcFrontendConfig
olcDatabase: {-1}frontend

dn: olcDatabase={0}config,cn=config
objectClass: olcDatabaseConfig
olcDatabase: {0}config
olcAccess: {0}to * by * none

dn: olcDatabase={1}mdb,cn=config
objectClass: olcDatabaseConfig
objectClass: olcMdbConfig
olcDatabase: {1}mdb
olcSuffix: ${BASE_DN}
olcRootDN: ${ROOT_DN}
olcRootPW: ${ROOT_PW}
olcDbDirectory: ${dir}/db
olcDbMaxSize: 10485760
olcSecurity: tls=1
olcAccess: {0}to attrs=userPassword by anonymous auth by * none
olcAccess: {1}to * by users read by * none

dn: olcOverlay={0}memberof,olcDatabase={1}mdb,cn=config
objectClass: olcOverlayConfig
objectClass: olcMemberOf
olcOverlay: {0}memberof
olcMemberOfRefInt: TRUE
`;
}

function dataLdif(users: DirectoryUser[]): string {
  const entries = [
    `dn: ${BASE_DN}\nobjectClass: dcObject\nobjectClass: organization\no: Example\ndc: example`,
    `dn: ou=people,${BASE_DN}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ou=groups,${BASE_DN}\nobjectClass: organizationalUnit\nou: groups`,
    `dn: ${READER_DN}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: reader\nuserPassword: ${READER_PW}`,
    ...users.map(
      (u) =>
        `dn: ${people(u.uid)}\nobjectClass: inetOrgPerson\nuid: ${u.uid}\ncn: ${u.uid}\nsn: ${u.uid}\n` +
        `${u.mail ? `mail: ${u.mail}\n` : ''}userPassword: ${u.password}`,
    ),
  ];
  return `${entries.join('\n\n')}\n`;
}

/**
 * A real OpenLDAP directory for the tests (Debian's slapd): its own cn=config built with
 * `slapadd -n 0`, its entries with `slapadd -n 1`, TLS with a CA and certificate made here by
 * openssl, listening on loopback (ldap:// with StartTLS, and ldaps://). Groups are added through
 * LDAP once it runs, so that the memberof overlay (which slapadd bypasses) keeps memberOf.
 */
export async function startSlapd(users: DirectoryUser[]): Promise<TestDirectory> {
  if (!fs.existsSync(SLAPD)) {
    throw new Error('LDAP tests need OpenLDAP: apt-get install -y --no-install-recommends slapd ldap-utils');
  }
  const dir = tempDir('slapd-');
  fs.mkdirSync(path.join(dir, 'slapd.d'));
  fs.mkdirSync(path.join(dir, 'db'));
  await makeCertificates(dir);
  fs.writeFileSync(path.join(dir, 'config.ldif'), configLdif(dir));
  fs.writeFileSync(path.join(dir, 'data.ldif'), dataLdif(users));
  const slapd = path.join(dir, 'slapd.d');
  await run('/usr/sbin/slapadd', ['-n', '0', '-F', slapd, '-l', path.join(dir, 'config.ldif')]);
  await run('/usr/sbin/slapadd', ['-n', '1', '-F', slapd, '-l', path.join(dir, 'data.ldif')]);
  const [port, tlsPort] = [await freePort(), await freePort()];
  const url = `ldap://127.0.0.1:${port}`;
  const caCert = fs.readFileSync(path.join(dir, 'ca.crt'), 'utf8');
  let child: ChildProcess | null = null;

  async function admin<T>(work: (c: Client) => Promise<T>): Promise<T> {
    const c = new Client({ url, timeout: 10_000, connectTimeout: 10_000 });
    try {
      await c.startTLS({ ca: [caCert], host: '127.0.0.1' });
      await c.bind(ROOT_DN, ROOT_PW);
      return await work(c);
    } finally {
      await c.unbind().catch(() => {});
    }
  }

  async function start(): Promise<void> {
    let output = '';
    // -d 0: stay in the foreground (the test owns the process), log nothing.
    const proc = spawn(SLAPD, ['-F', slapd, '-h', `${url}/ ldaps://127.0.0.1:${tlsPort}/`, '-d', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.on('data', (d) => (output += d));
    proc.stderr?.on('data', (d) => (output += d));
    child = proc;
    await waitForService(
      `slapd on port ${port}`,
      proc,
      () => admin(async () => true),
      () => output,
    );
  }

  async function stop(): Promise<void> {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  }

  await start();
  return {
    url,
    ldapsUrl: `ldaps://127.0.0.1:${tlsPort}`,
    caFile: path.join(dir, 'ca.crt'),
    caCert,
    envEntry: (id, extra = {}) => ({
      id,
      name: `Directory ${id}`,
      url,
      caFile: path.join(dir, 'ca.crt'),
      bindDn: READER_DN,
      bindPassword: READER_PW,
      searchBase: `ou=people,${BASE_DN}`,
      ...extra,
    }),
    async setGroup(cn, uids) {
      // groupOfNames needs a member: the search account stands in for an empty group.
      const members = uids.length > 0 ? uids.map(people) : [READER_DN];
      await admin(async (c) => {
        const found = await c.search(`ou=groups,${BASE_DN}`, { filter: `(cn=${cn})`, attributes: ['cn'] });
        if (found.searchEntries.length === 0) {
          await c.add(group(cn), { objectClass: 'groupOfNames', cn, member: members });
        } else {
          await c.modify(
            group(cn),
            new Change({
              operation: 'replace',
              modification: new Attribute({ type: 'member', values: members }),
            }),
          );
        }
      });
    },
    stop,
    start,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
