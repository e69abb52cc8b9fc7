import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';

/**
 * The reference LTI 1.3 tool of the LTI tests (decision 0153): ltijs (a maintained LTI 1.3 / LTI
 * Advantage tool library) with its Sequelize plugin on a fresh PostgreSQL database of its own,
 * listening on 127.0.0.1. ltijs is CommonJS and untyped: the few calls the tests make are typed here.
 * ltijs' Provider is one object per process: one tool per test file.
 */

/** What ltijs hands its launch callbacks: the validated id_token and the platform's service claims. */
export interface LtijsToken {
  user: string;
  iss: string;
  platformContext: {
    messageType: string;
    roles: string[];
    context: { id: string; title: string };
    resource: { id: string; title: string };
    endpoint: { lineitem: string; lineitems: string; scope: string[] };
    namesRoles: { context_memberships_url: string };
    deepLinkingSettings?: { deep_link_return_url: string; data?: string };
  };
}
interface LtijsPlatform {
  platformKid(): Promise<string>;
  platformPrivateKey(): Promise<string>;
}
interface Ltijs {
  setup(key: string, database: unknown, options: Record<string, unknown>): void;
  onConnect(cb: (token: LtijsToken, req: unknown, res: { send(body: string): void }) => unknown): void;
  onDeepLinking(cb: (token: LtijsToken, req: unknown, res: { send(body: string): void }) => unknown): void;
  deploy(options: { port: number; silent: boolean }): Promise<true>;
  close(options?: { silent: boolean }): Promise<true>;
  registerPlatform(platform: Record<string, unknown>): Promise<LtijsPlatform>;
  getPlatform(url: string, clientId: string): Promise<LtijsPlatform>;
  Grade: { submitScore(token: LtijsToken, lineItemId: string, score: Record<string, unknown>): Promise<unknown> };
  NamesAndRoles: { getMembers(token: LtijsToken): Promise<{ members: { user_id: string; name: string; roles: string[] }[] }> };
  DeepLinking: { createDeepLinkingMessage(token: LtijsToken, items: Record<string, unknown>[], options?: Record<string, unknown>): Promise<string> };
}

const require = createRequire(import.meta.url);

/** The PostgreSQL server the tool keeps its state in (trust auth on 127.0.0.1; LTI_TOOL_DATABASE_URL overrides). */
const ADMIN_URL = process.env.LTI_TOOL_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ReferenceTool {
  lti: Ltijs;
  url: string;
  /** Every launch the tool accepted (resource links and deep linking requests), in order. */
  launches: LtijsToken[];
  /** What the deep linking callback answers with: the content items it returns. */
  deepLinkItems: Record<string, unknown>[];
  /** The LtiDeepLinkingResponse JWTs the tool made, in order. */
  deepLinkResponses: string[];
  close(): Promise<void>;
}

/** Starts ltijs on `port` with a fresh database; `close` stops it and drops the database. */
export async function startReferenceTool(port: number): Promise<ReferenceTool> {
  const dbName = `lti_tool_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  const adminUrl = new URL(ADMIN_URL);
  const lti = (require('ltijs') as { Provider: Ltijs }).Provider;
  const Database = require('ltijs-sequelize') as new (db: string, user: string, pass: string, options: Record<string, unknown>) => unknown;
  const database = new Database(dbName, decodeURIComponent(adminUrl.username || 'postgres'), decodeURIComponent(adminUrl.password), {
    host: adminUrl.hostname,
    port: Number(adminUrl.port || 5432),
    dialect: 'postgres',
    logging: false,
  });
  const tool: ReferenceTool = {
    lti,
    url: `http://127.0.0.1:${port}`,
    launches: [],
    deepLinkItems: [],
    deepLinkResponses: [],
    async close() {
      await lti.close({ silent: true });
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists "${dbName}" with (force)`);
      await client.end();
    },
  };
  lti.setup(
    randomBytes(16).toString('hex'),
    { plugin: database },
    {
      appRoute: '/app',
      loginRoute: '/login',
      keysetRoute: '/keys',
      cookies: { secure: false, sameSite: 'Lax' },
      devMode: false,
    },
  );
  lti.onConnect(async (token, _req, res) => {
    tool.launches.push(token);
    res.send(`launched ${token.user}`);
  });
  lti.onDeepLinking(async (token, _req, res) => {
    tool.launches.push(token);
    const message = await lti.DeepLinking.createDeepLinkingMessage(token, tool.deepLinkItems, { message: 'Chosen' });
    tool.deepLinkResponses.push(message);
    res.send('deep linking response made');
  });
  await lti.deploy({ port, silent: true });
  return tool;
}
