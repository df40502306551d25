/**
 * A page's chunk that the route loader has preloaded renders in the pass that first meets it: a promise would
 * suspend that pass anyway, show the fallback and render the page hidden behind it until a retry.
 */
import { render, screen } from "@testing-library/react";
import { Suspense, useState } from "react";
import { expect, it } from "vitest";
import { lazyPage } from "./lazyPage.ts";

const Page = () => <p>the page</p>;

it("renders a preloaded page at once, without its fallback", async () => {
  const LazyPage = lazyPage(async () => ({ default: Page }));
  await LazyPage.preload();
  render(
    <Suspense fallback={<p>loading</p>}>
      <LazyPage />
    </Suspense>,
  );
  expect(screen.queryByText("loading")).toBeNull();
  expect(screen.getByText("the page")).toBeTruthy();
});

it("shows the fallback for a page whose chunk is still on its way, then the page", async () => {
  const LazyPage = lazyPage(async () => ({ default: Page }));
  render(
    <Suspense fallback={<p>loading</p>}>
      <LazyPage />
    </Suspense>,
  );
  expect(screen.getByText("loading")).toBeTruthy();
  expect(await screen.findByText("the page")).toBeTruthy();
});

it("keeps a page that came in behind its fallback when it renders again", async () => {
  let mounts = 0;
  const Counted = ({ label }: { label: string }) => {
    const [mount] = useState(() => ++mounts);
    return <p>{`${label} ${mount}`}</p>;
  };
  const LazyPage = lazyPage(async () => ({ default: Counted }));
  const view = (label: string) => (
    <Suspense fallback={<p>loading</p>}>
      <LazyPage label={label} />
    </Suspense>
  );
  const { rerender } = render(view("first"));
  expect(await screen.findByText("first 1")).toBeTruthy();
  rerender(view("again"));
  expect(screen.getByText("again 1")).toBeTruthy();
});
