import type { Connection } from 'mongoose';

/**
 * Whether the test server is the test kit's emulator, whose planner answers equality on an
 * index's first field only: plan-shape assertions (index bounds, keys examined) hold on a real
 * MongoDB alone.
 */
export async function isEmulator(connection: Connection): Promise<boolean> {
  const info = await connection.getClient().db('admin').command({ buildInfo: 1 });
  return info['gitVersion'] === 'outreach-mongo-emulator';
}
