/**
 * The country pickers' parts (the single CountrySelect of the report filters, the floor dialog's multiple
 * one): the country list (`GET /api/v1/geo/country`, cached in sessionStorage) as options, the search by code
 * or name with the typed code first, and an option shown as its code and name.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { countriesQuery } from "../api/geo.ts";
import { compareCountries, countryMatches } from "./countrySearch.ts";
import "./countrySelect.css";

export interface CountryOption {
  value: string;
  label: string;
  name: string;
}

/** The country list as options, read while `enabled`. */
export function useCountryOptions(enabled = true): { options: CountryOption[]; loading: boolean } {
  const countries = useQuery({ ...countriesQuery, enabled });
  const options = useMemo<CountryOption[]>(
    () => (countries.data ?? []).map((item) => ({ value: item.Key, label: item.Key, name: item.Value })),
    [countries.data],
  );
  return { options, loading: countries.isLoading };
}

export const countrySearch = {
  filterOption: (input: string, option?: CountryOption) =>
    option !== undefined && countryMatches(input, option),
  filterSort: (a: CountryOption, b: CountryOption, { searchValue }: { searchValue: string }) =>
    compareCountries(searchValue, a, b),
};

export const renderCountryOption = (option: { data: CountryOption }) => (
  <span className="pc-country-option">
    <span className="pc-country-key">{option.data.value}</span>
    <span>{option.data.name}</span>
  </span>
);
