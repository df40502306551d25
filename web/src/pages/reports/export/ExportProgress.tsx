/** How far a report's export has come, beside its button (a chunk of its own: shown only while exporting). */
import { Progress } from "antd";

export function ExportProgress({ percent }: { percent: number }) {
  return (
    <Progress
      className="pc-export-progress"
      percent={percent}
      size="small"
      status="active"
      data-testid="export-progress"
    />
  );
}
