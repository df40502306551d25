/** An edit dialog's name field: required, not blank (`message` says so), the input's own props as given. */
import { Form, Input, type InputProps } from "antd";

export function NameField({ label, message, ...input }: { label: string; message: string } & InputProps) {
  return (
    <Form.Item name="name" label={label} rules={[{ required: true, whitespace: true, message }]}>
      <Input {...input} />
    </Form.Item>
  );
}
