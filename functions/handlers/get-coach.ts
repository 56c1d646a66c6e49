// Being written in this session; replaced before the first commit.
export const handler = async () => ({ statusCode: 501 });
