/**
 * A report filter of several texts ("any of"): each typed text, added with Enter, is one
 * value that a row contains; no value is no filter.
 */
import { Select, type SelectProps } from "antd";

export function TextValuesSelect(props: Omit<SelectProps<string[]>, "mode" | "options">) {
  return (
    <Select<string[]>
      mode="tags"
      allowClear
      open={false}
      suffixIcon={null}
      maxTagCount="responsive"
      {...props}
    />
  );
}
