import type { BridgeEvent } from "../contracts/bridge";
import type { Delivery } from "../contracts/ws";
import type { CommandEnvelope } from "../domain/errors";

/**
 * What the worker, the local server and tests call on a company's hub through its stub (env.COMPANY_HUB);
 * CompanyHub implements it. Declared apart from the class so that env, which every module reads, does not import the
 * hub and everything the hub imports. Calls answer envelopes (CommandEnvelope): hub/ports gives them their types.
 */
export interface CompanyHubRpc extends Rpc.DurableObjectBranded {
  fetch(request: Request): Promise<Response>;
  publish(deliveries: Delivery[]): Promise<number>;
  call(companyId: number, name: string, input: unknown): Promise<CommandEnvelope>;
  ingest(companyId: number, events: BridgeEvent[]): Promise<{ ingested: number }>;
  companyChanged(companyId: number): Promise<void>;
  workChanged(companyId: number): Promise<void>;
  destroy(): Promise<void>;
  automate(companyId: number, now: number): Promise<{ closed: number; transferred: number }>;
  bulkSql(companyId: number, statements: string[]): Promise<unknown[][]>;
  socketCount(): Promise<number>;
  settled(): Promise<void>;
  databaseSize(): Promise<number>;
}
