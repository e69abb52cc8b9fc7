import XAPI, { type Statement } from '@xapi/xapi';

/**
 * Sends statements to a Learning Record Store (xAPI 1.0.3 Statement Resource, `POST {endpoint}/statements`) with
 * the maintained xAPI client (@xapi/xapi, fetch adapter), in batches of `batchSize`. `username`/`password`: the
 * LRS's Basic credentials. Answers how many the LRS took; throws the LRS's refusal (its status and body) on the
 * first batch it refuses, the batches before it staying sent (statement ids make a resend harmless: an LRS
 * answers 204/409 for ids it holds with the same content).
 */
export async function sendToLrs(
  statements: readonly Statement[],
  lrs: { endpoint: string; username: string; password: string },
  batchSize = 100,
): Promise<number> {
  const client = new XAPI({ endpoint: lrs.endpoint, auth: XAPI.toBasicAuth(lrs.username, lrs.password), adapter: 'fetch' });
  let sent = 0;
  for (let start = 0; start < statements.length; start += batchSize) {
    const batch = statements.slice(start, start + batchSize);
    await client.sendStatements({ statements: [...batch] });
    sent += batch.length;
  }
  return sent;
}
