/** Shops and teams for the server tests: a shop of a user, and a collaborator who joined it from the e-mailed invite. */
import { expect } from 'vitest';
import type { AuthResult } from '@contract/auth/schemas';
import type { Collaborator } from '@contract/collaborators/schemas';
import type { Currency, Shop, ShopMedia } from '@contract/shops/schemas';
import { PNG, type Kit } from './kit';

let counter = 0;

export async function createTeamShop(kit: Kit, owner: AuthResult, label: string): Promise<Shop> {
  const logo = (
    await kit.app.inject({
      method: 'POST',
      url: '/v1/shop-media',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'image/png' },
      payload: PNG,
    })
  ).json<{ data: ShopMedia }>().data.url;
  const currencies = (await kit.call('GET', '/v1/currencies', null)).json<{ data: Currency[] }>().data;
  counter += 1;
  const response = await kit.call('POST', '/v1/shops', owner.token, {
    name: `Team Shop ${label} ${counter} ${process.pid}`,
    logo,
    latitude: 6.45,
    longitude: 3.39,
    address: { name: 'Lagos', description: 'Lagos, Nigeria', latitude: 6.45, longitude: 3.39 },
    shopCurrency: { currencyId: currencies.find((currency) => currency.code === 'USD')?.id ?? 0 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Shop }>().data;
}

export const collaboratorsBase = (alias: string) => `/v1/shops/${alias}/design/collaborators`;

/** The last invite token e-mailed to `email`. */
export function inviteTokenOf(kit: Kit, email: string): string {
  const link = kit
    .mails(email)
    .flatMap((mail) => mail.links)
    .filter((url) => url.includes('/join-project?'))
    .at(-1);
  if (!link) throw new Error(`no invite to ${email}`);
  return new URL(link).searchParams.get('token') ?? '';
}

/** Invites `who` with `rights` and accepts from the e-mailed link; returns the collaborator id. */
export async function joinShop(kit: Kit, owner: AuthResult, alias: string, who: AuthResult, rights: Record<string, boolean>): Promise<number> {
  const invited = await kit.call('POST', `${collaboratorsBase(alias)}/invites`, owner.token, {
    collaborators: [{ email: who.user.email, accessRights: rights }],
  });
  expect(invited.statusCode, invited.body).toBe(200);
  const answer = await kit.call('PUT', `${collaboratorsBase(alias)}/invites/accept-decline`, who.token, {
    token: inviteTokenOf(kit, who.user.email),
    status: 'accepted',
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const list = (await kit.call('GET', collaboratorsBase(alias), owner.token)).json<{ data: Collaborator[] }>().data;
  return list.find((item) => item.user.id === who.user.id)?.id ?? 0;
}
