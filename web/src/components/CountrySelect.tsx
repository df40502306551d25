/**
 * One country of the country list, searched by code or name with the typed code first, shown as its code and
 * name. For filters: clearing it means no filter.
 */
import { Select, type SelectProps } from "antd";
import {
  type CountryOption,
  countrySearch,
  renderCountryOption,
  useCountryOptions,
} from "./countryOptions.tsx";

export function CountrySelect(
  props: Omit<SelectProps<string, CountryOption>, "options" | "showSearch" | "mode" | "optionRender">,
) {
  const countries = useCountryOptions();
  return (
    <Select<string, CountryOption>
      allowClear
      loading={countries.loading}
      popupMatchSelectWidth={false}
      {...props}
      options={countries.options}
      showSearch={countrySearch}
      optionRender={renderCountryOption}
    />
  );
}
