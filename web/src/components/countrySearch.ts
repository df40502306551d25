/** Searching the country picker by code or name: the typed code itself first, then codes starting with it. */

export interface CountryChoice {
  value: string;
  name: string;
}

const normalize = (text: string) => text.trim().toLowerCase();

export function countryMatches(input: string, country: CountryChoice): boolean {
  const query = normalize(input);
  return !query || `${country.value} ${country.name}`.toLowerCase().includes(query);
}

/** 0: the code is the query, 1: the code starts with it, 2: any other match. */
function rank(query: string, country: CountryChoice): number {
  const code = country.value.toLowerCase();
  if (code === query) return 0;
  if (code.startsWith(query)) return 1;
  return 2;
}

export function compareCountries(input: string, a: CountryChoice, b: CountryChoice): number {
  const query = normalize(input);
  if (!query) return 0; // the list's own order (ALL first, OTHER last)
  return rank(query, a) - rank(query, b) || a.value.localeCompare(b.value);
}
