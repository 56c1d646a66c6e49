import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { TableAccess } from '../functions/routes';
import { tableSchema } from '../functions/data/table-schema';

/** The item actions each table access of the route table stands for; Scan and BatchWriteItem appear nowhere. */
const ITEM_ACTIONS = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  write: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
} as const;

const INDEX_QUERY = 'query:';

/**
 * Grants exactly what an operation declares: item actions on the table itself, and Query on each
 * named index (its own ARN, so no wildcard and no other index).
 */
export function grantTableAccess(grantee: IGrantable, table: ITableV2, access: readonly TableAccess[]): void {
  const itemActions = access.flatMap((each) => (each === 'read' || each === 'write' ? ITEM_ACTIONS[each] : []));
  if (itemActions.length > 0) {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: itemActions, resources: [table.tableArn] }),
    );
  }
  const indexes = access.flatMap((each) =>
    each.startsWith(INDEX_QUERY)
      ? [tableSchema.indexes[each.slice(INDEX_QUERY.length) as keyof typeof tableSchema.indexes].name]
      : [],
  );
  if (indexes.length > 0) {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: indexes.map((name) => `${table.tableArn}/index/${name}`),
      }),
    );
  }
}
