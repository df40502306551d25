/** A delete the row shows the server would refuse is refused at once, without the confirm dialog. */

import type { MessageKey } from "@pc/contract";
import { fireEvent, render, screen } from "@testing-library/react";
import { App } from "antd";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "../i18n/index.ts";
import { useConfirmDelete } from "./useConfirmDelete.tsx";

afterEach(() => changeLanguage("zh"));

function DeleteButton({ remove, refusal }: { remove: () => Promise<unknown>; refusal: MessageKey | null }) {
  const confirmDelete = useConfirmDelete();
  return (
    <button type="button" onClick={() => confirmDelete(remove, () => {}, refusal)}>
      delete
    </button>
  );
}

const renderDelete = (refusal: MessageKey | null, remove = vi.fn(() => Promise.resolve())) => {
  render(
    <App>
      <DeleteButton remove={remove} refusal={refusal} />
    </App>,
  );
  fireEvent.click(screen.getByRole("button", { name: "delete" }));
  return remove;
};

describe("useConfirmDelete", () => {
  it("asks first when nothing refuses the delete", async () => {
    const remove = renderDelete(null);
    expect(await screen.findByText("此操作将永久删除，是否继续？")).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
  });

  it("shows the server's refusal at once, without asking and without calling the server (en)", async () => {
    await changeLanguage("en");
    const remove = renderDelete("appHasPlacements");
    expect(await screen.findByText("Ad placement exists under this app and cannot be deleted")).toBeTruthy();
    expect(screen.queryByText("This deletes permanently. Continue?")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(remove).not.toHaveBeenCalled();
  });

  it("shows it in Chinese", async () => {
    renderDelete("appHasPlacements");
    expect(await screen.findByText("该应用下存在广告位，不能删除")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
