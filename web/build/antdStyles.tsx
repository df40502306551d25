/**
 * antd's styles for the first screens (sign-in, the signed-in frame, the lists' and reports' tables and date
 * pickers) as a stylesheet the build writes, so the browser's antd does not generate them (why, and what it
 * saves: web/build/README.md). The file ends in antd's map of the styles it holds
 * (`.data-ant-cssinjs-cache-path`), and the browser's antd then skips those components. Component styles refer
 * to the theme through CSS variables, so one file serves every company's colours; the variables themselves are
 * still written in the browser. A component missing here is styled in the browser as before. The icons' rule
 * (`.anticon`) is in it too.
 */
import type { Plugin } from "vite";

const FILE_NAME = "antd-first-screens.css";

/** The components of the first screens, rendered once to register their styles. */
async function firstScreenStyles(require: NodeJS.Require): Promise<string> {
  // imported here, after Vite has set NODE_ENV: antd names its classes differently outside production
  const { createCache, extractStyle, StyleProvider } = await import("@ant-design/cssinjs");
  const antd = await import("antd");
  const { renderToString } = await import("react-dom/server");
  const { Alert, App, Avatar, Button, Card, Checkbox, ConfigProvider, Drawer, Dropdown, Form, Input } = antd;
  const { DatePicker, Layout, Menu, Result, Select, Skeleton, Space, Spin, Table, Tag, Tooltip, Typography } =
    antd;
  const cache = createCache();
  const items = [{ key: "a", label: "a" }];
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider>
        <App>
          <Layout>
            <Layout.Header>
              <Menu mode="horizontal" items={items} />
              <Avatar />
            </Layout.Header>
            <Layout.Content>
              <Typography.Title>t</Typography.Title>
              <Typography.Text>t</Typography.Text>
              <Typography.Link>t</Typography.Link>
              <Form>
                <Form.Item label="a" name="a" rules={[{ required: true }]}>
                  <Input allowClear />
                </Form.Item>
                <Form.Item>
                  <Input.Password />
                </Form.Item>
                <Checkbox />
                <Select />
                <Button type="primary">b</Button>
              </Form>
              <Dropdown menu={{ items }}>
                <Button />
              </Dropdown>
              <Tooltip title="t">
                <span />
              </Tooltip>
              <Menu mode="inline" items={items} />
              <Drawer />
              <Space>
                <Spin />
              </Space>
              <Alert title="a" />
              <Card>
                <Skeleton />
              </Card>
              <Result />
              <Table columns={[{ title: "a", dataIndex: "a" }]} dataSource={[{ a: 1 }]} rowKey="a" />
              <DatePicker />
              <Tag />
            </Layout.Content>
          </Layout>
        </App>
      </ConfigProvider>
    </StyleProvider>,
  );
  // the icons' own rule, which each icon otherwise checks for and writes when it mounts (providers.tsx turns
  // that off); before antd's styles, whose map must end the file. The CommonJS build: the ES one cannot be
  // imported by Node.
  const { iconStyles } = require("@ant-design/icons/lib/utils") as { iconStyles: string };
  return iconStyles + extractStyle(cache, { plain: true, types: "style" });
}

/**
 * Writes the stylesheet into the build and links it first in index.html, before the app's own CSS. `require`
 * is the config's (Vite's loader gives a .tsx module no `import.meta.url`).
 */
export function antdFirstScreenStyles(require: NodeJS.Require): Plugin {
  let fileName = "";
  return {
    name: "antd-first-screen-styles",
    apply: "build",
    async generateBundle() {
      const reference = this.emitFile({
        type: "asset",
        name: FILE_NAME,
        source: await firstScreenStyles(require),
      });
      fileName = this.getFileName(reference);
    },
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html.replace("</title>", `</title>\n    <link rel="stylesheet" href="/${fileName}" />`),
    },
  };
}
