/**
 * One country of the country list (or several, `multiple`), searched by code or name with the typed code
 * first, shown as its code and name. For filters: clearing it means no filter.
 */
import { Select, type SelectProps } from "antd";
import {
  type CountryOption,
  countrySearch,
  renderCountryOption,
  useCountryOptions,
} from "./countryOptions.tsx";

export function CountrySelect({
  multiple = false,
  ...props
}: Omit<SelectProps<string | string[], CountryOption>, "options" | "showSearch" | "mode" | "optionRender"> & {
  multiple?: boolean;
}) {
  const countries = useCountryOptions();
  return (
    <Select<string | string[], CountryOption>
      allowClear
      loading={countries.loading}
      popupMatchSelectWidth={false}
      {...(multiple ? { mode: "multiple" as const, maxTagCount: "responsive" as const } : {})}
      {...props}
      options={countries.options}
      showSearch={countrySearch}
      optionRender={renderCountryOption}
    />
  );
}
