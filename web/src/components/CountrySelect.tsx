/**
 * One country of the country list (`GET /api/v1/geo/country`, cached in sessionStorage), searched by code
 * or name with the typed code first, shown as its code and name. For filters: clearing it means no filter.
 */
import { useQuery } from "@tanstack/react-query";
import { Select, type SelectProps } from "antd";
import { useMemo } from "react";
import { countriesQuery } from "../api/geo.ts";
import { compareCountries, countryMatches } from "./countrySearch.ts";
import "./countrySelect.css";

interface CountryOption {
  value: string;
  label: string;
  name: string;
}

export function CountrySelect(
  props: Omit<SelectProps<string, CountryOption>, "options" | "showSearch" | "mode" | "optionRender">,
) {
  const countries = useQuery(countriesQuery);
  const options = useMemo<CountryOption[]>(
    () => (countries.data ?? []).map((item) => ({ value: item.Key, label: item.Key, name: item.Value })),
    [countries.data],
  );
  return (
    <Select<string, CountryOption>
      allowClear
      loading={countries.isLoading}
      popupMatchSelectWidth={false}
      {...props}
      options={options}
      showSearch={{
        filterOption: (input, option) => option !== undefined && countryMatches(input, option),
        filterSort: (a, b, { searchValue }) => compareCountries(searchValue, a, b),
      }}
      optionRender={(option) => (
        <span className="pc-country-option">
          <span className="pc-country-key">{option.data.value}</span>
          <span>{option.data.name}</span>
        </span>
      )}
    />
  );
}
