// The seller-interface client as one object: transport, tokens and the operation families.
// Built by the composition root (desktop app, CLI, tests) from a base URL, a fetch and a vault.
import { MarketplaceHttp } from './http.js';
import { TokenManager, type TokenManagerOptions, type TokenVault } from './auth.js';
import { OrdersClient } from './orders-client.js';
import { ReturnsClient, SelfShipClient } from './returns-client.js';
import { ListingsClient } from './listings-client.js';
import type { RetryPolicy } from './retry.js';

/** The token manager's options (its refresh margin and scope left at their defaults), and the transport's. */
export interface MarketplaceClientOptions extends Omit<TokenManagerOptions, 'refreshMarginMs' | 'scope'> {
  maxConcurrent?: number;
  retry?: RetryPolicy;
}

export interface MarketplaceClient {
  http: MarketplaceHttp;
  tokens: TokenManager;
  orders: OrdersClient;
  returns: ReturnsClient;
  selfShip: SelfShipClient;
  listings: ListingsClient;
}

export function createMarketplaceClient(options: MarketplaceClientOptions): MarketplaceClient {
  const { maxConcurrent: _maxConcurrent, retry: _retry, ...tokenOptions } = options;
  const tokens = new TokenManager(tokenOptions);
  const http = new MarketplaceHttp({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    tokens,
    maxConcurrent: options.maxConcurrent,
    retry: options.retry,
    timeoutMs: options.timeoutMs,
  });
  return {
    http,
    tokens,
    orders: new OrdersClient(http),
    returns: new ReturnsClient(http),
    selfShip: new SelfShipClient(http),
    listings: new ListingsClient(http),
  };
}

/** A vault that keeps tokens in memory only (tests, one-shot CLI runs with --no-store). */
export function memoryVault(): TokenVault {
  let tokens: Awaited<ReturnType<TokenVault['load']>>;
  return {
    load: async () => tokens,
    save: async (t) => {
      tokens = t;
    },
    clear: async () => {
      tokens = undefined;
    },
  };
}
