import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function AdSpaceListPage() {
  return <PagePlaceholder title="adSpaceList" />;
}
