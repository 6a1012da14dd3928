/**
 * The currency table (spec section 3 shopCurrency): every ISO 4217 code this Node's Intl knows,
 * with its English name and narrow symbol, seeded once (ids stay fixed: ON CONFLICT DO NOTHING).
 * The likely currency of a country comes from countries-list.
 */
import { asc } from 'drizzle-orm';
import { countries } from 'countries-list';
import type { Currency } from '@contract/shops/schemas';
import type { Database } from '../../db/database';
import { currencies } from '../../db/schema';

/** Currencies a merchant most often means, after the one of their own country. */
const COMMON = ['USD', 'EUR', 'GBP'];

function symbolOf(code: string): string {
  const part = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? code;
}

function currencyRows(): { code: string; name: string; symbol: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return Intl.supportedValuesOf('currency')
    .filter((code) => /^[A-Z]{3}$/.test(code))
    .sort()
    .map((code) => ({ code, name: names.of(code) ?? code, symbol: symbolOf(code) }));
}

export async function seedCurrencies(db: Database): Promise<void> {
  await db.insert(currencies).values(currencyRows()).onConflictDoNothing({ target: currencies.code });
}

/** The currency codes of a country (ISO 3166-1 alpha-2), most used first. */
function currenciesOfCountry(countryCode: string | undefined): string[] {
  if (!countryCode) return [];
  const country = (countries as Record<string, { currency: string[] } | undefined>)[countryCode.toUpperCase()];
  return country?.currency ?? [];
}

/** Every currency, the country's own first, then the common ones, then by code. */
export async function listCurrencies(db: Database, countryCode?: string): Promise<Currency[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.code));
  const first = [...currenciesOfCountry(countryCode), ...COMMON];
  const rank = (code: string) => {
    const index = first.indexOf(code);
    return index === -1 ? first.length : index;
  };
  return rows.sort((a, b) => rank(a.code) - rank(b.code) || a.code.localeCompare(b.code));
}
