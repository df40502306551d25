import { Grid } from "antd";

/**
 * Below antd's `md` breakpoint (768 px): the phone layout (menu in a drawer, tighter padding, fewer table
 * columns). Until the media queries have answered (the first render) it is the desktop layout.
 */
export function usePhoneLayout(): boolean {
  return Grid.useBreakpoint().md === false;
}
