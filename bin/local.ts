import { currentBundles } from '../lib/function-bundles';
import { runsFromBundles } from './local/lambda-modules';
import { DEMO_FINANCE_EMAIL, DEMO_MENTEE_EMAIL, DEMO_MENTOR_EMAIL, DEMO_PASSWORD } from './local/seed';
import { DEFAULT_PORTS, PORT_ENV, type LocalPorts, startLocalStack } from './local/stack';

function portsFromEnvironment(): LocalPorts {
  const ports = { ...DEFAULT_PORTS };
  for (const name of Object.keys(ports) as (keyof LocalPorts)[]) {
    const value = process.env[PORT_ENV[name]];
    if (value) ports[name] = Number(value);
  }
  return ports;
}

async function main() {
  if (runsFromBundles()) {
    console.log('Bundling the Lambdas (API_FROM_BUNDLES=1)…');
    await currentBundles();
  }
  console.log('Starting the local stack (DynamoDB Local, cognito-local, s3rver, API, web)…');
  const stack = await startLocalStack({ ports: portsFromEnvironment(), dataDir: '.local', seed: true, web: true });
  console.log(`
  Physician Mentors is running at ${stack.webUrl}

  Demo accounts (password ${DEMO_PASSWORD}):
    mentee  ${DEMO_MENTEE_EMAIL}
    mentor  ${DEMO_MENTOR_EMAIL}
    finance ${DEMO_FINANCE_EMAIL} (the ledger at ${stack.webUrl}/finance)

  Local mailbox (every e-mail the app sends): ${stack.webUrl}/_local/mailbox
  Data is kept in .local/ (delete it to start fresh). Ctrl-C stops everything.
`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
