import { isGrpcServiceError } from '@temporalio/client';

/** gRPC status codes Temporal's raw RPCs fail with that the api treats as answers, not errors. */
export const GRPC = { invalidArgument: 3, notFound: 5 } as const;

/** Whether `err` is a raw Temporal RPC's failure with that gRPC status. */
export function isGrpcStatus(err: unknown, code: number): boolean {
  return isGrpcServiceError(err) && err.code === code;
}
