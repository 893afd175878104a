/** Image URLs do not depend on the store: links stay valid if the bytes move between stores. */
export const imageUrl = (id: string) => `/api/v1/images/${id}`;
