/** A learner whose attendance in a batch fell under its threshold (their lowest batch), as My leads flags it. */
export type LowAttendance = { batchName: string; percent: number; threshold: number };

export function AttendanceFlag({ attendance }: { attendance: LowAttendance | null | undefined }) {
  if (!attendance) return null;
  return (
    <p className="queue-attendance">
      <span className="badge badge-danger">Attendance {attendance.percent}%</span> under the {attendance.threshold}% threshold of{' '}
      {attendance.batchName}
    </p>
  );
}
