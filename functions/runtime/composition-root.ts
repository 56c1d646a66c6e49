import { jobArnVariable } from '../adapters/job-delivery';
import { requiredEnvironment } from '../adapters/required-environment';
import type {
  AuditArchive,
  CalendarProvider,
  CalendarProviderId,
  DirectorySnapshot,
  ExternalCalendar,
  Identity,
  JobQueue,
  JobScheduler,
  Mailer,
  MediaStore,
  Meetings,
  NpiRegistry,
  PageTemplates,
  Payments,
  TokenCipher,
  WebhookArchive,
} from '../domain/ports';

/**
 * Where a process's ports are made: each is built from the deployment's configuration (the
 * function's environment, lib/api.ts) on first use and kept for the life of the process, one SDK
 * client per execution environment and nothing built that a request does not use. Entry points and
 * workflows take their ports from the root's accessors (`runtime/ports/<port>.ts`, each port's rule
 * for turning the configuration into an adapter), never from an adapter.
 *
 * The local stack builds every port the same way, pointing the configuration at its emulators and
 * stand-ins; only a test gives a port of its own in place of the configured one (provideHostPorts).
 * Lambda gives none, so a deployed function only ever reaches the real services.
 *
 * One module per port's rule, not one for all: esbuild keeps in a function only the modules it
 * imports, so each bundle holds the adapters it uses. A module holding every rule would give every
 * function a chunk of each SDK an adapter loads on first use (with code splitting, esbuild keeps
 * an `import()` even where tree shaking drops the code around it: evanw/esbuild#3704).
 */
export interface Ports {
  payments: Payments;
  mailer: Mailer;
  scheduler: JobScheduler;
  jobs: JobQueue;
  /** Null where this deployment has no Zoom app. */
  meetings: Meetings | null;
  /** Null where this deployment has no Calendly app. */
  externalCalendar: ExternalCalendar | null;
  /** Each provider, or null where this deployment has no app registered with it. */
  calendars: Readonly<Record<CalendarProviderId, CalendarProvider | null>>;
  tokenCipher: TokenCipher;
  media: MediaStore;
  directorySnapshot: DirectorySnapshot;
  pageTemplates: PageTemplates;
  webhookArchive: WebhookArchive;
  auditArchive: AuditArchive;
  npiRegistry: NpiRegistry;
  identity: Identity;
}

export type HostPorts = { [Name in keyof Ports]?: Ports[Name] };

// On globalThis, not in this module: every handler bundle carries its own copy of this module, and
// the local stack runs those bundles in its own process.
const HOST_PORTS = Symbol.for('physician-mentors.host-ports');
type Host = typeof globalThis & { [HOST_PORTS]?: HostPorts };

/** The ports the host gave in place of the configured ones (none in Lambda). */
export const hostPorts = (): HostPorts => (globalThis as Host)[HOST_PORTS] ?? {};

/**
 * Puts the given ports in place of the configured ones (undefined takes the host's away again),
 * leaving the others as they are; answers with what undoes it.
 */
export function provideHostPorts(given: HostPorts): () => void {
  const host = globalThis as Host;
  const before = hostPorts();
  host[HOST_PORTS] = { ...before, ...given };
  const undo = Object.fromEntries(Object.keys(given).map((name) => [name, before[name as keyof Ports]]));
  return () => {
    host[HOST_PORTS] = { ...host[HOST_PORTS], ...undo };
  };
}

const built: { [Name in keyof Ports]?: { configuration: string; port: unknown } } = {};

/**
 * The host's port `name` if it gave one, else the one `build` makes from the configuration: on first
 * use, and again when `configuration` (the settings it is built from, where a process may see them
 * change: a script or test that starts one local stack after another) is no longer what it was built from.
 */
export function port<Name extends keyof Ports>(name: Name, build: () => Ports[Name], configuration = ''): Ports[Name] {
  const given = hostPorts()[name];
  if (given !== undefined) return given as Ports[Name];
  let made = built[name];
  if (made?.configuration !== configuration) {
    made = { configuration, port: build() };
    built[name] = made;
  }
  return made.port as Ports[Name];
}

/** A job's function, by the variable lib/api.ts sets for it: what the scheduler and the job queue invoke. */
export const jobFunctionArn = (job: string) => requiredEnvironment(jobArnVariable(job));
